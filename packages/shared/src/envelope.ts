import { z } from 'zod';

/** Every JSON answer of the API: `{ status: 1, data, message? }` or `{ status: 0, message, errors? }`. */
export const okEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(1), data, message: z.string().optional() });

export const errorEnvelope = z.object({
  status: z.literal(0),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
export interface OkEnvelope<T> {
  status: 1;
  data: T;
  message?: string;
}
