import * as v from 'valibot';
import { CreateNeedInput, UpdateNeedInput, messages } from '../../contract';

/** The choice that stands for "a need of our own", beside the catalogue's needs. */
export const FREE_NEED = 'free';

/** What the add-need form holds: every field a string, as typed. */
const AddNeedFields = v.object({
  choice: v.pipe(v.string(), v.nonEmpty(messages.required)),
  name: v.optional(v.string(), ''),
  description: v.optional(v.string(), ''),
});

/**
 * The add-need form validated by the contract itself: the form's strings become a CreateNeedInput, so its
 * rules and French messages apply (a free need's name is then required: an empty one is blank). Field
 * names match the contract's, so its messages land on the right field.
 */
export const addNeedSchema = (villagerId: string) =>
  v.pipe(
    AddNeedFields,
    v.transform(({ choice, name, description }): v.InferInput<typeof CreateNeedInput> =>
      choice === FREE_NEED ? { villager_id: villagerId, name, description } : { villager_id: villagerId, need_id: choice, description },
    ),
    CreateNeedInput,
  );

/** The edit form: name and description, as UpdateNeedInput checks them. */
export const editNeedSchema = (updaterId: string) =>
  v.pipe(
    v.object({ name: v.optional(v.string(), ''), description: v.optional(v.string(), '') }),
    v.transform((fields): v.InferInput<typeof UpdateNeedInput> => ({ updater_id: updaterId, ...fields })),
    UpdateNeedInput,
  );
