/** '1 lead', '3 leads'. */
export const leads = (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'}`;
