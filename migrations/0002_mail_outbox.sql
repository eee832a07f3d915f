-- Mails sent while no SMTP_URL is configured land here (and in the log): the dev outbox.
-- Read them with `npm run mail:outbox`.
CREATE TABLE dev_mail_outbox (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id      uuid UNIQUE,
  to_address  text NOT NULL,
  subject     text NOT NULL,
  body_text   text NOT NULL DEFAULT '',
  body_html   text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
