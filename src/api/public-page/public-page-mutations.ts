import { useMutation } from '@tanstack/react-query';
import { submitLead, type LeadInput } from './public-page-api';

/** The contact form: its refusals are shown inside the form, beside the field they concern. */
export function useSubmitLead() {
  return useMutation({
    mutationFn: (lead: LeadInput) => submitLead(lead),
    meta: { quietError: true },
  });
}
