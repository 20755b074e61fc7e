import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { Help } from '../../../contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast, TOAST_TEXT } from '../../../state/toasts';
import { useMyVillager, useVillagers } from '../../../domain/villagers/villager-reads';
import { useVillageHelps } from '../../../domain/helps/help-reads';
import { useVillageNeeds } from '../../../domain/needs/need-reads';
import { useVillageSync } from '../../../domain/villages/village-reads';
import { useOlderHelps } from '../../../domain/helps/older-helps';
import { OlderHelpsButton } from './older-helps-button';
import { HelpItem, type HelpAction } from './help-item';
import { helpActionFor, helperName } from './help-permissions';
import { formatHelpSlot } from '../../../contract/french-time';
import { splitHelps } from '../../../domain/helps/split-helps';
import { deleteHelpAction, refuseHelpAction } from '../../../domain/helps/actions';
import { NeedSlots } from './need-slots';
import { HelpClosing } from './help-closing';
import { LATE_WITHDRAWAL_MS } from '../../../domain/helps/slot-state';
import '../needs.css';

const SECTIONS = [
  { key: 'today', title: 'Aujourd’hui', empty: 'Aucune aide aujourd’hui.' },
  { key: 'upcoming', title: 'À venir', empty: 'Aucune aide à venir.' },
  { key: 'past', title: 'Passées', empty: 'Aucune aide passée.' },
] as const;

/** A need's helps, today's first, then those to come, then the past ones. */
export function HelpsPage({ villageId, needId }: { villageId: string; needId: string }) {
  useVillageSync(villageId);
  const needs = useVillageNeeds(villageId);
  const helps = useVillageHelps(villageId, needId);
  const villagers = useVillagers(villageId);
  const me = useMyVillager(villageId);
  const older = useOlderHelps(villageId, needId);
  // `late`: measured when asked, a withdrawal under 48 hours ahead is told to the organisers.
  const [pending, setPending] = useState<{ help: Help; action: HelpAction; late: boolean } | null>(null);

  // Who is looking decides the buttons: wait for it rather than show none and then some.
  if (needs === undefined || helps === undefined || villagers === undefined || me === undefined) return <p role="status">Chargement…</p>;
  const need = needs.find((n) => n.id === needId);
  const split = splitHelps(helps);

  const confirm = async () => {
    if (!pending || !me) return null;
    const act = pending.action === 'remove' ? deleteHelpAction : refuseHelpAction;
    const result = await act(villageId, pending.help.id, me.id, { needName: need?.name, startDate: pending.help.start_date });
    if (!result.ok) return result.message;
    toast.success(TOAST_TEXT.deleted);
    setPending(null);
    return null;
  };

  return (
    <section className="needs helps" aria-labelledby="helps-title">
      <p className="back-link">
        <Link to="/dashboard/villages/$id/needs/$need_id" params={{ id: villageId, need_id: needId }}>
          ← {need?.name ?? 'Le besoin'}
        </Link>
      </p>
      <div className="needs-header">
        <h1 id="helps-title">Aides{need ? `\u00a0: ${need.name}` : ''}</h1>
        {need ? (
          <Link to="/dashboard/villages/$id/needs/$need_id/helps/add" params={{ id: villageId, need_id: needId }} className="button">
            Proposer mon aide
          </Link>
        ) : null}
      </div>
      {!need ? <p>Ce besoin n’existe pas ou a été supprimé.</p> : null}
      {need?.schedule ? <NeedSlots villageId={villageId} need={need} /> : null}
      {need
        ? SECTIONS.map((section) => (
            <section key={section.key} aria-labelledby={`helps-${section.key}`} className="help-section">
              <h2 id={`helps-${section.key}`}>{section.title}</h2>
              {split[section.key].length ? (
                <ul className="help-list">
                  {split[section.key].map((help) => (
                    <HelpItem
                      key={help.id}
                      help={help}
                      helperName={helperName(help, villagers, me)}
                      action={helpActionFor(help, me, section.key === 'past')}
                      onAction={(h, action) =>
                        setPending({ help: h, action, late: Date.parse(h.start_date) - Date.now() < LATE_WITHDRAWAL_MS })
                      }
                    >
                      {section.key === 'upcoming' ? null : (
                        <HelpClosing
                          villageId={villageId}
                          help={help}
                          me={me}
                          helperName={helperName(help, villagers, me)}
                          needName={need.name}
                        />
                      )}
                    </HelpItem>
                  ))}
                </ul>
              ) : (
                <p className="help-empty">{section.empty}</p>
              )}
              {section.key === 'past' ? <OlderHelpsButton {...older} /> : null}
            </section>
          ))
        : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.action === 'refuse' ? 'Refuser cette aide\u00a0?' : 'Retirer votre aide\u00a0?'}
        confirmLabel={pending?.action === 'refuse' ? 'Confirmer le refus' : 'Confirmer le retrait'}
        busyLabel="Un instant…"
        onConfirm={confirm}
        onClose={() => setPending(null)}
      >
        {pending ? (
          <p>
            {pending.action === 'refuse'
              ? `L’aide de ${helperName(pending.help, villagers, me)} (${formatHelpSlot(pending.help.start_date, pending.help.end_date)}) sera retirée du village.`
              : `Votre aide (${formatHelpSlot(pending.help.start_date, pending.help.end_date)}) sera retirée\u00a0: le village ne comptera plus sur vous pour ce créneau.`}
          </p>
        ) : null}
        {pending?.action === 'remove' && pending.late ? (
          <p>Ce créneau commence dans moins de 48 heures&nbsp;: les personnes qui organisent le village seront prévenues.</p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
