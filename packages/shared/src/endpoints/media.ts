import { z } from 'zod';

/** The body of a file answer (image, archive, script) as the API document shows it. */
export const binaryBody = z.string().meta({ description: 'The file itself.', format: 'binary' });
/** A page for a person's browser. */
export const htmlPage = { 'text/html': z.string().meta({ description: 'An HTML page.' }) } as const;
