import { Injectable, Logger } from '@nestjs/common';
import resumeData from '@portfolio/content/resume.json' with { type: 'json' };
import { resumeFileName, type ResumeData } from '@portfolio/contracts/resume';
import { siteConfig } from '@portfolio/contracts/site-config';
import type { DownloadResource } from '@portfolio/contracts/download';

/** The very file the Resume page renders: change it and both the page and the PDF change. */
const resume: ResumeData = resumeData;

interface DownloadFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * Builds each downloadable file once, on its first request or when the server warms it (main.ts, once it listens),
 * and hands the same bytes to every request. The PDF library is loaded then too: an app that serves no download
 * (the API tests start the app about a hundred times) neither loads it nor builds the file.
 */
@Injectable()
export class DownloadService {
  private readonly logger = new Logger(DownloadService.name);
  private resumePdf: Promise<Buffer> | undefined;

  /** Builds the files now, so that the first visitor to download one does not wait; a failure is logged and retried on request. */
  warm(): void {
    this.resumePdfBytes().catch((error: unknown) => this.logger.error('The resume PDF could not be built', error));
  }

  /** One way to make each named resource: a new resource is a new entry, checked by the type. */
  private readonly makers: Readonly<Record<DownloadResource, () => Promise<DownloadFile>>> = {
    resume: async () => ({
      body: await this.resumePdfBytes(),
      contentType: 'application/pdf',
      fileName: resumeFileName(siteConfig.ownerName),
    }),
  };

  file(resource: DownloadResource): Promise<DownloadFile> {
    return this.makers[resource]();
  }

  private resumePdfBytes(): Promise<Buffer> {
    this.resumePdf ??= import('./resume-pdf.js')
      .then(({ buildResumePdf }) =>
        buildResumePdf(resume, {
          name: siteConfig.ownerName,
          email: siteConfig.contactTo,
          links: siteConfig.profiles.map((profile) => profile.url),
        }),
      )
      .catch((error: unknown) => {
        this.resumePdf = undefined;
        throw error;
      });
    return this.resumePdf;
  }
}
