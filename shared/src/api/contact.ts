import { http } from './http';
import type { ContactMessage, MessageReply } from '@marketplace/contract';

/** POST /contact. Rejects ApiError 400 (spec messages) and 409 when the same message was already received. */
export async function sendContact(m: ContactMessage): Promise<{ msg: string }> {
  const res = await http.post<MessageReply>('/contact', m);
  return { msg: res.data.msg };
}
