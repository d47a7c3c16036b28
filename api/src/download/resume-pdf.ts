import PDFDocument from 'pdfkit';
import type { ResumeData } from '@portfolio/contracts/resume';

/** Who the resume is about: the site configuration's owner, the same name the site's header shows. */
export interface ResumeOwner {
  name: string;
  email?: string;
  /** Profile URLs (code hosting, professional network), shown and linked under the title. */
  links?: readonly string[];
}

const ink = '#1f2a44';
const muted = '#5b6170';
const accent = '#9a6b00';
const rule = '#d9d3c4';
const font = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;

type Doc = PDFKit.PDFDocument;

/** Room left on the page, so a heading or an entry's first lines never sit alone at the bottom. */
function keepTogether(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

function sectionHeading(doc: Doc, title: string): void {
  keepTogether(doc, 70);
  if (doc.y > doc.page.margins.top) doc.moveDown(0.9);
  const x = doc.page.margins.left;
  // no letter spacing: it would split the words for text extraction and search
  doc.font(font.bold).fontSize(10.5).fillColor(accent).text(title.toUpperCase(), x, doc.y);
  const y = doc.y + 2;
  doc
    .moveTo(x, y)
    .lineTo(x + contentWidth(doc), y)
    .lineWidth(0.75)
    .strokeColor(rule)
    .stroke();
  doc.y = y + 6;
}

/** A bold name on the left and a date on the right of the same line, as resumes set them. */
function lineWithDate(doc: Doc, left: string, right: string, leftFont: string, size: number): void {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  doc.font(font.regular).fontSize(size - 1);
  const rightWidth = Math.min(doc.widthOfString(right), width * 0.45);
  const top = doc.y;
  doc
    .font(leftFont)
    .fontSize(size)
    .fillColor(ink)
    .text(left, x, top, { width: width - rightWidth - 12 });
  const bottom = doc.y;
  doc
    .font(font.regular)
    .fontSize(size - 1)
    .fillColor(muted)
    .text(right, x + width - rightWidth, top + 1, {
      width: rightWidth,
      align: 'right',
    });
  doc.y = Math.max(bottom, doc.y);
  doc.x = x;
}

function paragraph(doc: Doc, text: string, options: PDFKit.Mixins.TextOptions = {}): void {
  doc
    .font(font.regular)
    .fontSize(10)
    .fillColor(ink)
    .text(text, doc.page.margins.left, doc.y, {
      width: contentWidth(doc),
      lineGap: 1.5,
      ...options,
    });
}

function bullets(doc: Doc, items: readonly string[]): void {
  if (items.length === 0) return;
  doc.moveDown(0.2);
  doc.font(font.regular).fontSize(10).fillColor(ink);
  doc.list([...items], doc.page.margins.left + 4, doc.y, {
    width: contentWidth(doc) - 4,
    bulletRadius: 1.6,
    bulletIndent: 0,
    textIndent: 11,
    lineGap: 1.5,
    paragraphGap: 2,
  });
}

/** "Label: a, b, c" with the label in bold, for skills and the "Other" lists. */
function labelledList(doc: Doc, label: string, items: readonly string[]): void {
  keepTogether(doc, 28);
  doc
    .font(font.bold)
    .fontSize(10)
    .fillColor(ink)
    .text(`${label}: `, doc.page.margins.left, doc.y, {
      width: contentWidth(doc),
      continued: true,
      lineGap: 1.5,
    });
  doc.font(font.regular).text(items.join(', '));
  doc.moveDown(0.3);
}

function header(doc: Doc, resume: ResumeData, owner: ResumeOwner): void {
  const x = doc.page.margins.left;
  doc.font(font.bold).fontSize(24).fillColor(ink).text(owner.name, x, doc.y);
  doc.font(font.regular).fontSize(12.5).fillColor(muted).text(resume.headerCard.title);
  const contacts = [owner.email, ...(owner.links ?? [])].filter((item): item is string => Boolean(item));
  if (contacts.length > 0) {
    doc.moveDown(0.3).fontSize(9.5).fillColor(ink);
    contacts.forEach((contact, index) => {
      const last = index === contacts.length - 1;
      const target = contact.includes('@') ? `mailto:${contact}` : contact;
      doc.fillColor(ink).text(contact.replace(/^https?:\/\//, ''), { link: target, continued: !last });
      if (!last) doc.fillColor(muted).text('   |   ', { link: null, continued: true });
    });
  }
}

/** Every page: the owner's name and "page n of m" in the bottom margin, drawn once all pages exist. */
function footers(doc: Doc, ownerName: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(font.regular).fontSize(8).fillColor(muted);
    doc.text(
      `${ownerName}  ·  Resume  ·  page ${index + 1} of ${range.count}`,
      doc.page.margins.left,
      doc.page.height - 34,
      {
        width: contentWidth(doc),
        align: 'center',
        lineBreak: false,
      },
    );
    doc.page.margins.bottom = bottom;
  }
}

function body(doc: Doc, resume: ResumeData): void {
  const { experience, education, skills, honors, other } = resume.resumeBody;
  sectionHeading(doc, 'Summary');
  paragraph(doc, resume.summary);

  sectionHeading(doc, 'Experience');
  experience.forEach((item, index) => {
    if (index > 0) doc.moveDown(0.7);
    keepTogether(doc, 80);
    lineWithDate(doc, item.company, item.date, font.bold, 11.5);
    for (const role of item.roleList) {
      keepTogether(doc, 50);
      doc.moveDown(0.25);
      lineWithDate(doc, role.roleTitle, [role.location, role.date].filter(Boolean).join('  ·  '), font.italic, 10.5);
      bullets(doc, role.expPointList);
    }
  });

  sectionHeading(doc, 'Education & Training');
  education.forEach((item, index) => {
    if (index > 0) doc.moveDown(0.6);
    keepTogether(doc, 48);
    lineWithDate(doc, item.institution, [item.location, item.date].filter(Boolean).join('  ·  '), font.bold, 11);
    doc.moveDown(0.15);
    paragraph(doc, item.summary);
  });

  sectionHeading(doc, 'Skills');
  for (const item of skills) labelledList(doc, item.skill, item.skillExampleList);

  sectionHeading(doc, 'Honors');
  bullets(doc, honors);

  sectionHeading(doc, 'Other');
  for (const item of other) labelledList(doc, item.title, item.list);
}

/**
 * The resume as a PDF: name, title and contacts, the summary, then every section of the resume
 * data in the page's order. Standard fonts keep the file small and every word selectable.
 */
export async function buildResumePdf(resume: ResumeData, owner: ResumeOwner): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 48, bottom: 54, left: 54, right: 54 },
    bufferPages: true,
    displayTitle: true,
    lang: 'en-US',
    info: {
      Title: `${owner.name} – Resume`,
      Author: owner.name,
      Subject: resume.headerCard.title,
      Keywords: resume.resumeBody.skills.flatMap((item) => item.skillExampleList).join(', '),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  header(doc, resume, owner);
  body(doc, resume);
  footers(doc, owner.name);
  doc.end();
  return done;
}
