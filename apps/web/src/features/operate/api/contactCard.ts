import { useMutation, useQuery } from '@tanstack/react-query';
import { operateApi } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';

export const useContactCard = () => useQuery({ queryKey: ['operate', 'contact-card'], queryFn: () => call(operateApi.loadContactCard) });

export const useSendContactCard = () =>
  useMutation({
    mutationFn: (input: { isTest: boolean; name: string; phoneNumber: string }) =>
      callWithMessage(operateApi.sendContactCard, { body: input }),
  });
