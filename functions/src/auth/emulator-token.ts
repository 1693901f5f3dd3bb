/** What the verifier uses of an ID token's claims. */
export interface IdTokenClaims {
  uid: string;
  email?: string;
  email_verified?: boolean;
  auth_time: number;
}

/** An error with firebase-admin's codes, so both paths give the same messages. */
const refused = (code: string, message: string) => Object.assign(new Error(message), { code });

/**
 * The claims of an Auth emulator ID token, checked as firebase-admin checks them when
 * FIREBASE_AUTH_EMULATOR_HOST is set: unsigned (the emulator signs nothing), for this
 * project, unexpired, with a user id. firebase-admin would also ask the emulator for the
 * account on every call; the verifier does that on its own schedule instead.
 */
export function emulatorTokenClaims(idToken: string, projectId: string, nowSeconds: number): IdTokenClaims {
  const [header, payload] = idToken.split('.');
  let decoded: { header: { alg?: unknown }; claims: Record<string, unknown> };
  try {
    decoded = {
      header: JSON.parse(Buffer.from(header ?? '', 'base64url').toString()),
      claims: JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
    };
  } catch {
    throw refused('auth/argument-error', 'Decoding the ID token failed.');
  }
  const { claims } = decoded;
  const valid =
    decoded.header.alg === 'none' &&
    claims.aud === projectId &&
    claims.iss === `https://securetoken.google.com/${projectId}` &&
    typeof claims.sub === 'string' &&
    claims.sub.length > 0 &&
    claims.sub.length <= 128 &&
    typeof claims.exp === 'number' &&
    typeof claims.auth_time === 'number' &&
    (claims.email === undefined || typeof claims.email === 'string');
  if (!valid) throw refused('auth/argument-error', 'The ID token is not one the Auth emulator issued for this project.');
  if ((claims.exp as number) <= nowSeconds) throw refused('auth/id-token-expired', 'The ID token has expired.');
  return {
    uid: claims.sub as string,
    email: claims.email as string | undefined,
    email_verified: claims.email_verified === true,
    auth_time: claims.auth_time as number,
  };
}
