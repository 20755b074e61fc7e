import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import * as v from 'valibot';
import type { NeedCategory, Village, VillageNeed } from '../../contract';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { useCategories } from '../../domain/categories/category-reads';
import { useVillageNeeds } from '../../domain/needs/need-reads';
import { createNeedAction, deleteNeedAction } from '../../domain/needs/actions';
import { CatalogueChoices } from '../../components/catalogue-choices';
import { OTHER_NEEDS } from '../../domain/needs/need-category';
import { PendingVillage } from './pending-village';
import { StepActions, useGoToNextStep } from './step-actions';
import { freeNeedName } from './step-schemas';
import { needChanges, sameName } from './need-changes';
import { helpedPerson, needsQuestion } from './helped-person';

export const AT_LEAST_ONE_NEED = 'Choisissez au moins un besoin pour commencer\u00a0: vous pourrez en ajouter plus tard.';
const ALREADY_LISTED = 'Ce besoin est déjà dans la liste.';

/** The village's needs: several from the catalogue, and any of the village's own words. */
export function NeedsStep({ pcvi }: { pcvi: string }) {
  return <PendingVillage villageId={pcvi}>{(village, creator) => <NeedsLoader village={village} creatorId={creator.id} />}</PendingVillage>;
}

function NeedsLoader({ village, creatorId }: { village: Village; creatorId: string }) {
  const categories = useCategories();
  const needs = useVillageNeeds(village.id);
  if (categories === undefined || needs === undefined) return <p role="status">Chargement…</p>;
  return <NeedsForm village={village} creatorId={creatorId} categories={categories} needs={needs} />;
}

interface NeedsFormProps {
  village: Village;
  creatorId: string;
  categories: NeedCategory[];
  /** The village's needs now (live): a pull may bring some while the form is open. */
  needs: VillageNeed[];
}

function NeedsForm({ village, creatorId, categories, needs }: NeedsFormProps) {
  const goNext = useGoToNextStep();
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // The needs shown when the step opened: only those may be unticked, and so deleted, here.
  const [shown] = useState(() => new Set(needs.map((n) => n.id)));
  const [chosen, setChosen] = useState(() => new Set(needs.flatMap((n) => (n.need_id ? [n.need_id] : []))));
  const [keptFree, setKeptFree] = useState(() => new Set(needs.filter((n) => !n.need_id).map((n) => n.id)));
  const [newFree, setNewFree] = useState<string[]>([]);
  const [freeName, setFreeName] = useState('');
  const [freeError, setFreeError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState(0);

  useEffect(() => {
    if (failures) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-alert]')?.focus();
  }, [failures]);

  const freeNeeds = needs.filter((n) => !n.need_id && shown.has(n.id));
  const toggle = <T,>(set: Set<T>, value: T) => {
    const next = new Set(set);
    if (!next.delete(value)) next.add(value);
    return next;
  };

  /** The typed free need, checked: its name, null when nothing is typed, undefined (its error shown) when wrong. */
  const typedFree = (): string | null | undefined => {
    if (!freeName.trim()) return null;
    const parsed = v.safeParse(freeNeedName, freeName);
    if (parsed.success) return parsed.output;
    setFreeError(parsed.issues[0].message);
    return undefined;
  };

  const addFree = () => {
    const typed = typedFree();
    if (!typed) return;
    const same = (name: string) => sameName(name, typed);
    if (newFree.some(same) || freeNeeds.some((n) => keptFree.has(n.id) && same(n.name))) return setFreeError(ALREADY_LISTED);
    setNewFree([...newFree, typed]);
    setFreeName('');
    setFreeError(undefined);
  };

  const onFreeKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addFree();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // A need typed but not added yet is meant: it is added, unless it is wrong.
    const typed = typedFree();
    if (typed === undefined) return setFailures((n) => n + 1);
    const freeToCreate = typed && !newFree.some((name) => sameName(name, typed)) ? [...newFree, typed] : newFree;
    if (chosen.size + keptFree.size + freeToCreate.length === 0) {
      setError(AT_LEAST_ONE_NEED);
      return setFailures((n) => n + 1);
    }
    setError(null);
    setFormError(null);
    setBusy(true);
    try {
      const changes = needChanges(needs, { shown, chosen, keptFree, newFree: freeToCreate });
      const writes = [
        ...changes.addCatalogue.map((need_id) => () => createNeedAction(village.id, { villager_id: creatorId, need_id })),
        ...changes.remove.map((needId) => () => deleteNeedAction(village.id, needId, creatorId)),
        ...changes.addFree.map((name) => () => createNeedAction(village.id, { villager_id: creatorId, name })),
      ];
      for (const write of writes) {
        const result = await write();
        if (!result.ok) {
          setFormError(result.message);
          return setFailures((n) => n + 1);
        }
      }
      setNewFree([]);
      setFreeName('');
      await goNext(village.id, village.creation_mode, 'needs');
    } finally {
      setBusy(false);
    }
  };

  const checkbox = (checked: boolean, onChange: () => void) => ({
    type: 'checkbox' as const,
    checked,
    onChange: () => {
      onChange();
      setError(null);
    },
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="tunnel-step need-form">
      <h1>{needsQuestion(helpedPerson(village))}</h1>
      <FormAlert message={formError} />
      <fieldset className="need-choices">
        <legend>Choisissez les besoins du village</legend>
        <p className="field-hint">Plusieurs choix possibles. Vous pourrez en ajouter plus tard.</p>
        {error ? (
          <p className="field-error" id={errorId}>
            {error}
          </p>
        ) : null}
        <CatalogueChoices
          categories={categories}
          input={(need) => ({
            name: 'need_id',
            value: need.id,
            ...checkbox(chosen.has(need.id), () => setChosen(toggle(chosen, need.id))),
          })}
        />
        {freeNeeds.length || newFree.length ? (
          <fieldset className="need-choice-group">
            <legend>{OTHER_NEEDS}</legend>
            {freeNeeds.map((need) => (
              <label key={need.id} className="need-choice">
                <input name="free_need" {...checkbox(keptFree.has(need.id), () => setKeptFree(toggle(keptFree, need.id)))} />
                <span>{need.name}</span>
              </label>
            ))}
            {newFree.map((name) => (
              <label key={name} className="need-choice">
                <input name="free_need" {...checkbox(true, () => setNewFree(newFree.filter((n) => n !== name)))} />
                <span>{name}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
      </fieldset>
      <div className="tunnel-free-need">
        <TextField
          label="Un autre besoin"
          hint="Facultatif. Ce qui ne figure pas dans la liste, avec vos mots."
          name="free_name"
          value={freeName}
          error={freeError}
          onChange={(value) => {
            setFreeName(value);
            setFreeError(undefined);
          }}
          onKeyDown={onFreeKeyDown}
        />
        <button type="button" className="secondary" onClick={addFree}>
          Ajouter ce besoin
        </button>
      </div>
      <StepActions step="needs" mode={village.creation_mode} pcvi={village.id} busy={busy} />
    </form>
  );
}
