import { startFakeSiteverify } from '@portfolio/stand-ins/fake-siteverify';
import { startSmtpSink } from '@portfolio/stand-ins/smtp-sink';
import { standInPorts } from './ports';

/**
 * The captcha provider's siteverify and the owner's mail server, on this machine, on fixed ports the
 * site's env names. Tests run in other processes, so siteverify's GET /mails shows what SMTP received.
 */
export async function startStandIns(): Promise<() => Promise<void>> {
  const smtp = await startSmtpSink(standInPorts.smtp);
  const siteverify = await startFakeSiteverify({ port: standInPorts.siteverify, mailbox: smtp.mails });
  return async () => {
    await siteverify.close();
    await smtp.close();
  };
}
