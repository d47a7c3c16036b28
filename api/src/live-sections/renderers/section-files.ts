import { readFile } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import type { SectionBuild } from '@portfolio/contracts/page-render';
import { releaseFileOf } from '@portfolio/contracts/section-releases';
import { ReleaseFiles } from '../store/release-files.js';
import { manifestTimeoutMs } from './section-manifests.js';

/** The largest file of a build's server half a renderer is sent (a section's biggest chunk is a few hundred KB). */
const maxSectionFileBytes = 16 * 1024 * 1024;

/** What may be run as code: a script's media types (RFC 9239 and the older ones servers still send). */
const scriptType = /^(text|application)\/(javascript|x-javascript|ecmascript|node)\s*(;|$)/i;

/** A refused file: the sentence the renderer's log line says. */
class SectionFileRefused extends Error {}

/** The folder a build's server entry is in: its server half's files are there and below, nowhere else. */
const serverFolderOf = (build: SectionBuild): string => new URL('./', build.serverEntry).href;

/**
 * The files of a section build's server half, for its renderer (renderer-child.js asks for each over its channel;
 * a renderer has no network and reads no file). Only files under the folder of the build's server entry, and only
 * scripts: the server entry and its chunks. A release of this site (`/sections/<name>/<id>/server/...`, named by
 * its content) is read from the release store, never over HTTP; a build the owner put on another host is fetched
 * from there, as a script or not at all.
 */
@Injectable()
export class SectionFiles {
  constructor(private readonly releases: ReleaseFiles) {}

  /** The text of the file at `url` of `build`'s server half; throws SectionFileRefused saying why not. */
  async read(build: SectionBuild, url: string): Promise<string> {
    const folder = serverFolderOf(build);
    let asked: URL;
    try {
      asked = new URL(url);
    } catch {
      throw new SectionFileRefused('it is not a URL');
    }
    // resolved as URLs resolve (`..`, `%2e%2e`, backslashes): the same href, a script, no query
    if (asked.href !== url || asked.search || asked.hash)
      throw new SectionFileRefused(`it is not a file of the build's server folder (${folder})`);
    if (!/\.(c|m)?js$/.test(asked.pathname)) throw new SectionFileRefused('it is not a script');
    const own = releaseFileOf(new URL(folder));
    const release = releaseFileOf(asked);
    // a release of this site: the same release at whichever of the server's own origins a page named it (each
    // listener names it at its own port), read from the store
    if (own && release?.name === own.name && release.id === own.id && release.file.startsWith('server/')) {
      // one kept here is read from the store alone; one not kept here (a release on another host, named the same
      // way) is fetched from there, as any build is
      if (await this.releases.folder(release.name, release.id)) {
        const found = await this.releases.file(release.name, release.id, release.file);
        if (!found) throw new SectionFileRefused('the release has no such file');
        return this.fromStore(found);
      }
    }
    if (!url.startsWith(folder))
      throw new SectionFileRefused(`it is not a file of the build's server folder (${folder})`);
    return this.fromHost(url);
  }

  private async fromStore(found: { path: string; bytes: number }): Promise<string> {
    if (found.bytes > maxSectionFileBytes) throw new SectionFileRefused(`it is over ${maxSectionFileBytes} bytes`);
    return readFile(found.path, 'utf8');
  }

  /** A file of a build on another host: a 2xx script, no redirect (it could lead out of the folder), bounded in size and time. */
  private async fromHost(url: string): Promise<string> {
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(manifestTimeoutMs) });
    } catch (error) {
      throw new SectionFileRefused(`it could not be fetched (${(error as Error).message})`);
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !scriptType.test(type)) {
      await response.body?.cancel();
      throw new SectionFileRefused(`it is not a script (it answered ${response.status}, ${type || 'no content type'})`);
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxSectionFileBytes) {
      await response.body?.cancel();
      throw new SectionFileRefused(`it is over ${maxSectionFileBytes} bytes`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += (chunk as Uint8Array).length;
      if (size > maxSectionFileBytes) throw new SectionFileRefused(`it is over ${maxSectionFileBytes} bytes`);
      chunks.push(chunk as Uint8Array);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}
