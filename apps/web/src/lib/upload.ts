import { IMAGE_TYPES, imagesApi, MSG, UPLOAD_MAX_BYTES } from '@kudo/shared';
import { call } from './api';

/** A problem with a chosen file that the browser can see before sending it (the server checks again). */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return MSG.imageType;
  if (file.size > UPLOAD_MAX_BYTES) return MSG.imageTooLarge;
  return null;
}

/**
 * Uploads one image the signed way (E038 then E039): the API signs, the file goes to the image host
 * (Cloudinary, or our own local store that answers alike), and the host's `secure_url` comes back.
 */
export async function uploadImage(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const problem = imageFileProblem(file);
  if (problem) throw new Error(problem);
  const { upload_url, max_bytes: _max, ...fields } = await call(imagesApi.signImageUpload, { body: { purpose: 'temp' } });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) form.append(name, String(value));
  }
  // The file goes last: the signed fields must arrive before it.
  form.append('file', file);
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload_url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new Error('Could not reach the image host. Check your connection and try again.'));
    xhr.onload = () => {
      // The host answers its own errors as {error:{message}}; the rate limit answers our envelope ({message}).
      const body = xhr.response as { secure_url?: string; error?: { message?: string }; message?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.secure_url) resolve(body.secure_url);
      else reject(new Error(body?.error?.message ?? body?.message ?? (xhr.status === 413 ? MSG.imageTooLarge : MSG.somethingWentWrong)));
    };
    xhr.send(form);
  });
}
