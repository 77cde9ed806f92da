// The mailer lives in @vault/notify, which the worker shares: the API's verification and reset
// emails and the notifications (receipts, reminders) go out the same way.
export { createMailer, type Mailer, type MailMessage } from '@vault/notify';
