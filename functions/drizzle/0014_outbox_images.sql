-- Images an e-mail shows inline (the door photo), by blob key: the outbox worker attaches them when it sends.
ALTER TABLE "email_outbox" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;
