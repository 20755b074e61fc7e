import { endpoint } from '../endpoint';
import { ActingVillager } from '../needs';
import { Help } from '../helps';
import { ReplacementInput, TakeOverInput } from '../replacement';

export const askReplacement = endpoint({
  name: 'askReplacement',
  method: 'POST',
  path: '/v1/villages/{id}/helps/{helpId}/replacement',
  summary: 'Ask the circle for someone to take over one’s future help (its helper keeps it until then)',
  body: ReplacementInput,
  answer: { data: Help },
});

export const cancelReplacement = endpoint({
  name: 'cancelReplacement',
  method: 'DELETE',
  path: '/v1/villages/{id}/helps/{helpId}/replacement',
  summary: 'Take back one’s request for a replacement (its helper comes after all)',
  query: ActingVillager,
  answer: { data: Help },
});

export const takeOverHelp = endpoint({
  name: 'takeOverHelp',
  method: 'POST',
  path: '/v1/villages/{id}/helps/{helpId}/take-over',
  summary: 'Take over a help whose helper asked for a replacement: the new help answered, the old one removed at once',
  body: TakeOverInput,
  answer: { data: Help },
});
