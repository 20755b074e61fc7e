import * as v from 'valibot';
import { endpoint } from '../endpoint';
import { CreateInvitationsInput, Invitation, InvitationActor, ListInvitationsQuery } from '../invitations';

export const createInvitations = endpoint({
  name: 'createInvitations',
  method: 'POST',
  path: '/v1/villages/{id}/invitations',
  summary: 'Invite addresses by mail (organisers; at most 50 a call); an address already pending is mailed again',
  status: 201,
  body: CreateInvitationsInput,
  answer: { data: v.array(Invitation) },
});

export const listInvitations = endpoint({
  name: 'listInvitations',
  method: 'GET',
  path: '/v1/villages/{id}/invitations',
  summary: 'The pending invitations (organisers); with include=accepted, the accepted ones too (accepted_at)',
  query: ListInvitationsQuery,
  answer: { data: v.array(Invitation) },
});

export const withdrawInvitation = endpoint({
  name: 'withdrawInvitation',
  method: 'DELETE',
  path: '/v1/villages/{id}/invitations/{invitationId}',
  summary: 'Withdraw a pending invitation (organisers; acting villager in the query or the body): its link no longer names it',
  query: InvitationActor,
});

export const resendInvitation = endpoint({
  name: 'resendInvitation',
  method: 'POST',
  path: '/v1/villages/{id}/invitations/{invitationId}/resend',
  summary: 'Mail a pending invitation again (organisers; at most once an hour: 409 with Retry-After otherwise)',
  status: 200,
  body: InvitationActor,
  answer: { data: Invitation },
});
