// @jsonresume/schema ships no types: its validator, as json-resume.test.ts calls it.
declare module '@jsonresume/schema' {
  export function validate(resume: unknown, callback: (errors: unknown[] | null, valid: boolean) => void): void;
}
