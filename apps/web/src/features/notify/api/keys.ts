export const notifyKeys = {
  notifications: (locationId: number) => ['notify', locationId, 'notifications'] as const,
  escalation: (locationId: number) => ['notify', locationId, 'escalation'] as const,
  autoReply: (locationId: number) => ['notify', locationId, 'auto-reply'] as const,
};
