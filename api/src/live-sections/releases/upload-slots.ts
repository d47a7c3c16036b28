import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { releaseUploadLimits } from '@portfolio/contracts/section-releases';

/** A slot taken for one upload: given back once its answer is decided, whatever it is. */
interface UploadSlot {
  release: () => void;
}

/**
 * Uploads at once on this server (each one a worker unpacking it and a renderer checking it): a few per
 * deploy token, a few more for all tokens together. Beyond either, a 429 before the body is read.
 */
@Injectable()
export class UploadSlots {
  private readonly perToken = new Map<number, number>();
  private total = 0;

  take(tokenId: number): UploadSlot {
    const mine = this.perToken.get(tokenId) ?? 0;
    if (mine >= releaseUploadLimits.atOncePerToken)
      throw new HttpException(
        {
          message: `This deploy token has ${mine} uploads in progress, the most it may have at once: send the next one when one of them has answered.`,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    if (this.total >= releaseUploadLimits.atOncePerServer)
      throw new HttpException(
        {
          message: `The site is checking ${this.total} uploads, the most it takes at once: try again in a minute.`,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    this.perToken.set(tokenId, mine + 1);
    this.total += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total -= 1;
        const left = (this.perToken.get(tokenId) ?? 1) - 1;
        if (left > 0) this.perToken.set(tokenId, left);
        else this.perToken.delete(tokenId);
      },
    };
  }
}
