import { useMutation } from '@tanstack/react-query';
import { operateApi } from '@kudo/shared';
import { callUpload, callWithMessage } from '../../../lib/api';

export type ConsentAction = 'opt_in' | 'opt_out';
export interface ConsentInput {
  app_code: 'HS' | 'CNXN';
  phone?: string;
  email?: string;
  name?: string;
  source?: 'form' | 'bulk';
}

export const recordConsent = (action: ConsentAction, input: ConsentInput) =>
  callWithMessage(action === 'opt_in' ? operateApi.optIn : operateApi.optOut, { body: input });

export const useRecordConsent = () =>
  useMutation({ mutationFn: ({ action, input }: { action: ConsentAction; input: ConsentInput }) => recordConsent(action, input) });

export function readConsentSheet(file: File) {
  const form = new FormData();
  form.append('file', file);
  return callUpload(operateApi.readConsentSheet, form);
}
