import { z } from 'zod/mini';
import { STAFF_ROLES } from '@/api/staff/staff-api';

/** A staff member's access, as «Invitar» and «Cambiar rol» ask it (RoleFields). */
export const roleSchema = z.object({ role: z.enum(STAFF_ROLES), finance: z.boolean() });
export type RoleValue = z.infer<typeof roleSchema>;
