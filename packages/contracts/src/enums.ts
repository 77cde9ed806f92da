import { z } from 'zod';

// The value sets of roles, show and item states and purchase statuses. The database CHECK constraints in
// @vault/db list the same values; a test compares them so the two cannot drift.
export const roles = ['customer', 'admin'] as const;
export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

export const skillLevels = ['beginner', 'intermediate', 'expert'] as const;
export const SkillLevel = z.enum(skillLevels);
export type SkillLevel = z.infer<typeof SkillLevel>;

export const showStatuses = ['idle', 'scheduled', 'running', 'paused', 'completed'] as const;
export const ShowStatus = z.enum(showStatuses);
export type ShowStatus = z.infer<typeof ShowStatus>;

// preroll is the countdown before the first item; the client renders it like an intermission.
export const showPhases = ['preroll', 'showing', 'intermission'] as const;
export const ShowPhase = z.enum(showPhases);
export type ShowPhase = z.infer<typeof ShowPhase>;

export const showItemStatuses = ['queued', 'available', 'showing', 'sold'] as const;
export const ShowItemStatus = z.enum(showItemStatuses);
export type ShowItemStatus = z.infer<typeof ShowItemStatus>;

// authorized is the default; the interface also handles completed, pending and failed (the status badges).
// voided is what an admin's void of an authorisation leaves behind.
export const purchaseStatuses = ['authorized', 'completed', 'pending', 'failed', 'voided'] as const;
export const PurchaseStatus = z.enum(purchaseStatuses);
export type PurchaseStatus = z.infer<typeof PurchaseStatus>;

// A standing show holds the $1 test products so they can be bought through the same
// POST /api/show/buy {showItemId} as live items (each unit sells once).
export const showKinds = ['live', 'test_products'] as const;
export const ShowKind = z.enum(showKinds);
export type ShowKind = z.infer<typeof ShowKind>;
