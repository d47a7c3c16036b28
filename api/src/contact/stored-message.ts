/** A contact message as the outbox holds it. */
export interface StoredMessage {
  id: number;
  f_name: string;
  l_name: string;
  email: string;
  org: string;
  subject: string;
  message: string;
  created_at: Date;
  attempts: number;
}
