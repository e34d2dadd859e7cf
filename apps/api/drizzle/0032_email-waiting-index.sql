CREATE INDEX "email_recipients_office_waiting_idx" ON "email_recipients" USING btree ("office_id") WHERE "email_recipients"."status" = 'QUEUED';
