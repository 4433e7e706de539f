/** What the local stack would have emailed: kind, recipient, the link and the 6-digit code. */
export interface Mail {
  to: string;
  kind: 'recovery' | 'magiclink' | 'signup';
  link: string;
  code: string;
  sentAt: number;
}

// Enough for a day of local use; older letters fall off the front.
const KEEP = 200;

/**
 * The local stack has no mail server: auth's letters land here instead. `npm start` prints each
 * one ("mail to x: <link>"); tests read them (`TestStack.outbox`) to follow the link as a person would.
 */
export class MailOutbox {
  private readonly mails: Mail[] = [];
  private readonly listeners = new Set<(mail: Mail) => void>();

  send(mail: Omit<Mail, 'sentAt'>, now = Date.now()): void {
    const sent = { ...mail, sentAt: now };
    this.mails.push(sent);
    if (this.mails.length > KEEP) this.mails.splice(0, this.mails.length - KEEP);
    for (const fn of [...this.listeners]) fn(sent);
  }

  /** Letters sent so far, oldest first; only those to `to` (case-insensitive) when given. */
  list(to?: string): Mail[] {
    const who = to?.trim().toLowerCase();
    return this.mails.filter((m) => !who || m.to === who);
  }

  /** The newest letter to `to`, if any. */
  latest(to: string): Mail | undefined {
    return this.list(to).at(-1);
  }

  /** Calls `fn` for every letter from now on; returns the unsubscribe. */
  onMail(fn: (mail: Mail) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
