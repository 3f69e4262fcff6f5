import { useAppState } from '../app/context';
import type { EdgeCodelSpec, SlackSpec } from '../generated/scenario';
import type { FieldSpec } from '../scenario/fields';
import type { CompareVariant } from '../store/compareSetup';
import { exampleOf } from '../scenario/programs';
import { Field } from './Field';
import { ProgramField } from './ProgramField';

/** The slack rules a comparison offers (UPS Sec. 3), each for every packet (`default`). */
type SlackChoice = 'scenario' | 'none' | 'flow_size' | 'constant' | 'fair' | 'program' | 'custom';

const SLACK_LABELS: Record<SlackChoice, string> = {
  scenario: "the scenario's",
  none: 'none: every packet starts at slack 0',
  flow_size: 'flow size x 1 s: mean FCT (Sec. 3.1)',
  constant: 'constant 1 s (FIFO+): tail delay (Sec. 3.2)',
  fair: 'fair-share estimate r_est: fairness (Sec. 3.3)',
  program: 'a slack program: write your own',
  custom: 'per class or flow (from a link or file)',
};

/** App. B's example rate, the first r_est offered. */
const DEFAULT_R_EST = '50Mbps';

const R_EST: FieldSpec = {
  key: 'r_est',
  label: 'r_est',
  input: { kind: 'quantity', unit: 'bandwidth', finite: true },
  help: 'The fair-share rate the rule assumes: each packet adds size / r_est to the next one\'s slack.',
};

function slackChoice(slack: SlackSpec | null | undefined): SlackChoice {
  if (slack === undefined) return 'scenario';
  if (slack === null) return 'none';
  const custom = Object.keys(slack.classes ?? {}).length > 0 || Object.keys(slack.flows ?? {}).length > 0;
  if (custom || !slack.default) return 'custom';
  return slack.default.policy;
}

function slackFor(choice: SlackChoice, rEst: string): SlackSpec | null | undefined {
  switch (choice) {
    case 'scenario':
    case 'custom':
      return undefined;
    case 'none':
      return null;
    case 'flow_size':
      return { default: { policy: 'flow_size' } };
    case 'constant':
      return { default: { policy: 'constant', value: '1s' } };
    case 'fair':
      return { default: { policy: 'fair', r_est: rEst } };
    case 'program':
      return { default: { policy: 'program', program: exampleOf('slack', 'fair')?.text ?? 'slack 1s\n' } };
  }
}

export interface CompareObjectiveProps {
  readonly index: number;
  readonly variant: CompareVariant;
  /** What the draft itself says, for the "scenario's" choices. */
  readonly scenarioSlack: boolean;
  readonly scenarioEdge: boolean;
  readonly onChange: (change: Partial<CompareVariant>) => void;
}

/**
 * One comparison run's UPS objective: the slack rule the ingress applies (LSTF serves the
 * least slack) and Edge-CoDel at the egress. The core applies both (`Variant`).
 */
export function CompareObjective({ index, variant, scenarioSlack, scenarioEdge, onChange }: CompareObjectiveProps) {
  const choice = slackChoice(variant.slack);
  const fair = variant.slack?.default?.policy === 'fair' ? variant.slack.default : null;
  const program = variant.slack?.default?.policy === 'program' ? variant.slack.default : null;
  const programPath = `compare[${index}].slack.default.program`;
  const edge = variant.edge_codel === undefined ? 'scenario' : variant.edge_codel === null ? 'off' : 'on';
  const error = useAppState((s) => {
    const path = s.fieldError?.path ?? '';
    const mine = [`compare[${index}].slack`, `compare[${index}].edge_codel`].some((p) => path.startsWith(p));
    const own = [`compare[${index}].slack.default.r_est`, `compare[${index}].slack.default.program`];
    return mine && !own.includes(path) ? s.fieldError : null;
  });
  const open = variant.slack !== undefined || variant.edge_codel !== undefined || error !== null;
  const setEdge = (v: string) => {
    const on: EdgeCodelSpec = {};
    onChange({ edge_codel: v === 'scenario' ? undefined : v === 'on' ? on : null });
  };
  return (
    <details className="compare-objective" open={open} data-testid={`compare-objective-${index}`}>
      <summary>UPS objective: slack rule, Edge-CoDel</summary>
      <label className="field">
        <span className="field-label">slack at the ingress</span>
        <select data-testid={`compare-slack-${index}`} value={choice}
          onChange={(e) => onChange({ slack: slackFor(e.target.value as SlackChoice, DEFAULT_R_EST) })}>
          {(Object.keys(SLACK_LABELS) as SlackChoice[])
            .filter((c) => c !== 'custom' || choice === 'custom')
            .map((c) => (
              <option key={c} value={c}>
                {c === 'scenario' ? `${SLACK_LABELS[c]} (${scenarioSlack ? 'set' : 'none'})` : SLACK_LABELS[c]}
              </option>
            ))}
        </select>
      </label>
      {fair && (
        <Field key={fair.r_est} spec={R_EST} path={`compare[${index}].slack.default.r_est`} value={fair.r_est}
          onCommit={(v) => onChange({ slack: slackFor('fair', typeof v === 'string' ? v : DEFAULT_R_EST) })} />
      )}
      {program && (
        <ProgramField key={`${index}`} target="slack" path={programPath} text={program.program}
          onCommit={(t) => onChange({ slack: { default: { policy: 'program', program: t } } })} />
      )}
      <label className="field">
        <span className="field-label">Edge-CoDel at the egress (Sec. 4)</span>
        <select data-testid={`compare-edge-${index}`} value={edge} onChange={(e) => setEdge(e.target.value)}>
          <option value="scenario">the scenario&apos;s ({scenarioEdge ? 'on' : 'off'})</option>
          <option value="on">on: target 5 ms, interval 100 ms, refresh 20 ms</option>
          <option value="off">off</option>
        </select>
      </label>
      {error && <span className="field-error" role="alert">{error.path.replace(`compare[${index}].`, '')}: {error.message}</span>}
      <p className="hint-text">
        LSTF-family schedulers serve the least slack; the rule decides what they optimise. Edge-CoDel drops at the egress when a
        flow&apos;s network queueing delay stays above the target.
      </p>
    </details>
  );
}
