// The role and the finance flag, as both «Invitar» and «Cambiar rol» ask them. Finance belongs to
// superadmins only (the database's users_roles_finanzas_solo_superadmin): choosing admin clears it.
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { STAFF_ROLES, staffRoleLabels, type StaffRole } from '@/api/staff/staff-api';
import { m } from '../messages';

export interface RoleValue {
  role: StaffRole;
  finance: boolean;
}

export function RoleFields({
  idPrefix,
  value,
  onChange,
  errors = {},
}: {
  idPrefix: string;
  value: RoleValue;
  onChange: (next: RoleValue) => void;
  errors?: { role?: string; finance?: string };
}) {
  return (
    <>
      <Field controlId={`${idPrefix}-role`} error={errors.role}>
        <FieldLabel>{m.role}</FieldLabel>
        <FieldControl>
          <NativeSelect
            value={value.role}
            wrapperClassName="w-full sm:w-64"
            onChange={(e) => {
              const role = e.target.value as StaffRole;
              onChange({ role, finance: role === 'superadmin' && value.finance });
            }}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {staffRoleLabels[r]}
              </option>
            ))}
          </NativeSelect>
        </FieldControl>
        <FieldDescription>{m.roleHint}</FieldDescription>
        <FieldError />
      </Field>
      <Field controlId={`${idPrefix}-finance`} error={errors.finance} orientation="horizontal">
        <FieldControl>
          <Checkbox
            checked={value.finance}
            disabled={value.role !== 'superadmin'}
            onCheckedChange={(checked) => onChange({ ...value, finance: checked === true })}
          />
        </FieldControl>
        <div className="flex flex-col gap-1">
          <FieldLabel>{m.finance}</FieldLabel>
          <FieldDescription>{m.financeHint}</FieldDescription>
          <FieldError />
        </div>
      </Field>
    </>
  );
}
