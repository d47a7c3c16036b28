import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { ContactPassService } from '../captcha/contact-pass.service.js';
import { DATABASE, type Database } from '../storage/database.js';
import type { ContactMessage } from './dto/contact-message.dto.js';

/** Stores a message in the outbox, paid for with a contact pass, in one transaction. */
@Injectable()
export class ContactService {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly passes: ContactPassService,
  ) {}

  async store(message: ContactMessage, pass: string): Promise<number> {
    return this.database.transaction(async (tx) => {
      if (!(await this.passes.consume(tx, pass))) {
        throw new ForbiddenException({ message: 'This contact pass has been used already: solve the captcha again.' });
      }
      const [row] = await tx.query<{ id: number }>(
        `insert into contact_messages (f_name, l_name, email, org, subject, message)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [message.fName, message.lName, message.email, message.org, message.subject, message.message],
      );
      if (!row) throw new Error('insert into contact_messages returned no row');
      return row.id;
    });
  }
}
