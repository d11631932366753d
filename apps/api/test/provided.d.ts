import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL of the server's maintenance database, for creating and dropping test databases. */
    adminUrl: string;
    /** The migrated and seeded database that each test file clones. */
    templateDb: string;
  }
}
