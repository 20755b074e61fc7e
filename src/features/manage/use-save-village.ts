import { useNavigate } from '@tanstack/react-router';
import type { UpdateVillageInput, Village } from '../../contract';
import type { SubmitOutcome } from '../../components/form/use-form';
import { toast, TOAST_TEXT } from '../../state/toasts';
import { changesVillage } from './village-form-schemas';
import { updateVillageAction } from '../../domain/villages/actions';

/**
 * A manage form's submit: the valid input joins the outbox (shown at once, sent when the network allows),
 * then the manage page. An unchanged form writes nothing. Only a full disk keeps the user on the form,
 * with what they typed.
 */
export function useSaveVillage(village: Village) {
  const navigate = useNavigate();
  return async (input: UpdateVillageInput): Promise<SubmitOutcome> => {
    if (changesVillage(village, input)) {
      const result = await updateVillageAction(village.id, input);
      if (!result.ok) return { failure: { kind: 'refused', status: 0, message: result.message } };
      toast.success(TOAST_TEXT.updated);
    }
    await navigate({ to: '/dashboard/villages/$id/manage', params: { id: village.id } });
  };
}
