import type { SendMailOptions } from 'nodemailer';
import { escapeHtml } from '@portfolio/contracts/escape-html';
import { siteConfig } from '@portfolio/contracts/site-config';
import type { StoredMessage } from './stored-message.js';

/** The owner's mail for a stored message: Reply-To is the visitor; plain text plus HTML-escaped HTML. */
export function contactMail(stored: StoredMessage, to: string, from: string): SendMailOptions {
  const name = `${stored.f_name} ${stored.l_name}`;
  const facts: Array<[string, string]> = [
    ['From', `${name} <${stored.email}>`],
    ['Company/Org.', stored.org || '-'],
    ['Subject', stored.subject],
    ['Received', `${stored.created_at.toISOString()} (message #${stored.id})`],
  ];
  const text = `${facts.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${stored.message}\n`;
  const html = [
    '<table>',
    ...facts.map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<p style="white-space: pre-wrap">${escapeHtml(stored.message)}</p>`,
  ].join('\n');
  const host = new URL(siteConfig.siteUrl).hostname || 'localhost';
  return {
    from: { name: `${siteConfig.ownerName} (contact form)`, address: from },
    to,
    replyTo: { name, address: stored.email },
    subject: `Contact form: ${stored.subject}`,
    text,
    html,
    // the same id on every try, so a message resent after a crash mid-delivery reads as one in mail clients
    messageId: `<contact-${stored.id}-${stored.created_at.getTime()}@${host}>`,
  };
}
