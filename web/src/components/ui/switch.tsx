import { useId, type ReactNode } from 'react';
import './switch.css';

/**
 * An on/off setting: a button with role="switch" and aria-checked, named by its visible <label> (a label
 * may point at a button), with an optional line under it that describes it. Space and Enter toggle it.
 */
export function Switch({
  label,
  checked,
  onChange,
  description,
  className,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  description?: ReactNode;
  className?: string;
}) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className={['switch-row', className].filter(Boolean).join(' ')}>
      <div className="switch-text">
        <label htmlFor={id} className="switch-label">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="switch-description muted">
            {description}
          </p>
        ) : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? descriptionId : undefined}
        className="switch"
        onClick={() => onChange(!checked)}
      >
        <span className="switch-thumb" aria-hidden="true" />
      </button>
    </div>
  );
}

/** A list of switches, one per key of a settings object (the mock-ups' toggles). */
export function SettingsSwitches<K extends string>({
  settings,
  labels,
  onChange,
}: {
  settings: Readonly<Record<K, boolean>>;
  labels: Readonly<Record<K, { label: string; description: string }>>;
  onChange: (key: K, checked: boolean) => void;
}) {
  const keys = Object.keys(labels) as K[];
  return (
    <ul className="switch-list">
      {keys.map((key) => (
        <li key={key}>
          <Switch label={labels[key].label} description={labels[key].description} checked={settings[key]} onChange={(checked) => onChange(key, checked)} />
        </li>
      ))}
    </ul>
  );
}
