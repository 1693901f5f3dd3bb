import logoUrl from './logo.inline.svg';

/** The brand mark. Decorative: the brand name is always beside it. Part of the page's code, so it costs no request. */
export function Logo({ size }: { size: number }) {
  return <img src={logoUrl} alt="" width={size} height={size} />;
}
