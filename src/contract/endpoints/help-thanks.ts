import * as v from 'valibot';
import { endpoint } from '../endpoint';
import { Help } from '../helps';
import { HelpDoneInput, ThanksInput } from '../help-thanks';

export const markHelpDone = endpoint({
  name: 'markHelpDone',
  method: 'PUT',
  path: '/v1/villages/{id}/helps/{helpId}/done',
  summary: 'Say a past help was done (its helper, or an organiser)',
  body: HelpDoneInput,
  answer: { data: Help },
});

export const thankHelper = endpoint({
  name: 'thankHelper',
  method: 'POST',
  path: '/v1/villages/{id}/helps/{helpId}/thanks',
  summary: 'Thank the helper of a past help, with an optional word (organisers and the person helped)',
  body: ThanksInput,
  answer: { data: Help },
});

export const thankEveryone = endpoint({
  name: 'thankEveryone',
  method: 'POST',
  path: '/v1/villages/{id}/thanks',
  summary: 'Thank every helper of the past week not thanked yet, at once (organisers and the person helped)',
  body: ThanksInput,
  answer: { data: v.array(Help) },
});
