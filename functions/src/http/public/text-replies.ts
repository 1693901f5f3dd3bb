import twilio from 'twilio';
import type { FastifyRequest } from 'fastify';
import { API } from '@blooms/shared/contract/api-routes';
import { ForbiddenError } from '../../domain/errors';
import type { Db } from '../../db/database';
import type { MailSite } from '../../mail/account-change-email';
import { handleTextReply } from '../../services/texts';
import type { PublicScope } from '../access';
import { serve } from '../serve';

/**
 * Twilio's webhook for texts sent back to the studio's number (form-encoded, signed with the
 * auth token over the URL it was configured with and the fields). A bad or missing signature
 * gets 403 and changes nothing. The answer is TwiML: HELP gets the help text, the rest none.
 */
export function registerTextReplies(
  app: PublicScope,
  deps: {
    db: Db;
    authToken: string;
    /** The site's origin as Twilio calls it (PUBLIC_URL, or the request's own). */
    origin: (request: FastifyRequest) => string;
    mailSite: (request: FastifyRequest) => MailSite;
    clock: () => Date;
  },
) {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    serve(scope, API.textReplies, async (request, reply) => {
      const fields = (request.body ?? {}) as Record<string, string>;
      const signature = request.headers['x-twilio-signature'];
      const url = `${deps.origin(request)}${request.url}`;
      if (
        typeof signature !== 'string' ||
        typeof request.body !== 'object' ||
        !twilio.validateRequest(deps.authToken, signature, url, fields)
      ) {
        request.log.warn('text reply refused: the signature is missing or does not match');
        throw new ForbiddenError('The signature is missing or does not match.');
      }
      const outcome = await handleTextReply(
        deps.db,
        { from: fields.From ?? '', body: fields.Body ?? '' },
        { site: deps.mailSite(request), now: deps.clock() },
      );
      request.log.info({ reply: outcome.kind }, 'text reply handled');
      const twiml = new twilio.twiml.MessagingResponse();
      if (outcome.reply) twiml.message(outcome.reply);
      return reply.type('text/xml').send(twiml.toString());
    });
  });
}
