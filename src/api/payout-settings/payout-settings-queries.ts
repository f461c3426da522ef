import { queryOptions } from '@tanstack/react-query';
import { fetchPayoutFileSettings } from './payout-settings-api';

export const payoutSettingsQueries = {
  all: () => ['payout-settings'] as const,
  file: () => queryOptions({ queryKey: [...payoutSettingsQueries.all(), 'file'] as const, queryFn: ({ signal }) => fetchPayoutFileSettings(signal) }),
};
