import { projects } from './projects';
import { projectDates, readableDate } from './project-dates';

describe('readableDate', () => {
  it('reads an ISO month or day as month and year, keeping the ISO value for <time>', () => {
    expect(readableDate('2024-03')).toEqual({ text: 'March 2024', dateTime: '2024-03' });
    expect(readableDate('2024-03-15')).toEqual({ text: 'March 2024', dateTime: '2024-03-15' });
    expect(readableDate(' 2019-12-31 ')).toEqual({ text: 'December 2019', dateTime: '2019-12-31' });
    expect(readableDate('2021')).toEqual({ text: '2021', dateTime: '2021' });
  });

  it("reads every month as the browser's Intl writes it in en-US", () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (let month = 1; month <= 12; month += 1) {
      const iso = `2024-${String(month).padStart(2, '0')}`;
      expect(readableDate(iso)?.text).toBe(intl.format(new Date(Date.UTC(2024, month - 1, 1))));
    }
  });

  it('starts no Intl formatter when its module loads (a page importing it pays nothing)', () => {
    const started = jest.spyOn(Intl, 'DateTimeFormat');
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of the module, loaded under the spy
      const fresh = require('./project-dates') as typeof import('./project-dates');
      expect(fresh.readableDate('2024-03')?.text).toBe('March 2024');
    });
    expect(started).not.toHaveBeenCalled();
    started.mockRestore();
  });

  it('shows anything else as written, without a machine value', () => {
    expect(readableDate('Spring 2023')).toEqual({ text: 'Spring 2023' });
    expect(readableDate('2024-13')).toEqual({ text: '2024-13' });
    expect(readableDate('2023-02-30')).toEqual({ text: '2023-02-30' });
  });

  it('has nothing to show for an empty date', () => {
    expect(readableDate('')).toBeUndefined();
    expect(readableDate('   ')).toBeUndefined();
  });
});

describe('projectDates', () => {
  it('lists the date and the last update, each only when present', () => {
    expect(projectDates({ projectDate: '', lastUpdated: '' })).toEqual([]);
    expect(projectDates({ projectDate: '2024-03', lastUpdated: '' })).toEqual([
      { label: 'Date', text: 'March 2024', dateTime: '2024-03' },
    ]);
    expect(projectDates({ projectDate: '', lastUpdated: '2025-05-02' })).toEqual([
      { label: 'Last updated', text: 'May 2025', dateTime: '2025-05-02' },
    ]);
    expect(projectDates({ projectDate: '2024-03', lastUpdated: '2025-05' }).map((date) => date.label)).toEqual([
      'Date',
      'Last updated',
    ]);
  });

  it('does not repeat a last update that reads like the date', () => {
    expect(projectDates({ projectDate: '2024-03-01', lastUpdated: '2024-03-20' })).toHaveLength(1);
  });

  it("gives each of the owner's projects only the dates its data has", () => {
    for (const project of projects) {
      const expected = [project.projectDate, project.lastUpdated].filter((value) => value.trim()).length;
      expect(projectDates(project).length).toBeLessThanOrEqual(expected);
      expect(projectDates(project).length > 0).toBe(expected > 0);
    }
  });
});
