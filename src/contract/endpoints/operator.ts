// Imported by path only by the privacy page: the first screen's bundle must not carry it.
import { endpoint } from '../endpoint';
import { Operator } from '../operator';

export const getOperator = endpoint({
  name: 'getOperator',
  method: 'GET',
  path: '/v1/operator',
  summary: 'Who runs this server and how to reach them (the privacy page’s contact), from its settings',
  auth: false,
  answer: { data: Operator },
});
