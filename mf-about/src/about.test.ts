import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { about } from './about';
import photoDescriptions from './content/photo-descriptions.json';
import { photoVariant, smallerPhotoWidths } from './gallery-photos';

const keysOf = (value: object) => Object.keys(value).sort();
const photosDir = path.join(__dirname, 'content', 'photos');

describe('the about data', () => {
  it('has exactly the fields of docs/product-rules.md "About", spellings included', () => {
    expect(keysOf(about)).toEqual(['basics', 'deep']);
    expect(keysOf(about.basics)).toEqual(
      [
        'bookInfluenceList',
        'bookInfluenceTitle',
        'bookLoveList',
        'bookLoveTitle',
        'galleryPhotoList',
        'galleryTitle',
        'intro',
      ].sort(),
    );
    expect(keysOf(about.deep)).toEqual(
      [
        'personalStatement',
        'joyListTitle',
        'joyList',
        'goalListTitle',
        'goalList',
        'qualitiesListTitle',
        'qualitiesList',
        'improvmentListTitle',
        'improvmentList',
      ].sort(),
    );
  });

  it('reads the intro and the personal statement from their markdown files', () => {
    const markdown = (name: string) => readFileSync(path.join(__dirname, 'content', 'markdown', name), 'utf8').trim();
    expect(about.basics.intro).toBe(markdown('intro.md'));
    expect(about.deep.personalStatement).toBe(markdown('personal-statement.md'));
    expect(about.basics.intro).not.toBe('');
    expect(about.deep.personalStatement).not.toBe('');
  });

  it('lists 13 gallery photos, each present in every width and described', () => {
    expect(about.basics.galleryTitle).toBe('Favorite Photos');
    const photos = about.basics.galleryPhotoList;
    expect(photos).toHaveLength(13);
    expect(new Set(photos).size).toBe(13);
    const descriptions: Record<string, string> = photoDescriptions;
    for (const file of photos) {
      for (const variant of [file, ...smallerPhotoWidths.map((width) => photoVariant(file, width))]) {
        expect([variant, existsSync(path.join(photosDir, variant))]).toEqual([variant, true]);
      }
      // every photo has a description: it is the picture's alternative text
      expect(descriptions[file]?.trim()).toBeTruthy();
    }
  });
});
