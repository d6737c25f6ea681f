import { AppError } from '../../../kernel/errors.js';
import type { VehicleAllocation } from './entities.js';

/**
 * Allocation rules of vehicles (docs/lsp.md, "Allocation"), without the database: only an INACTIVE or ACTIVE vehicle
 * can be allocated; it serves one coverage area or route at a time (allocating an allocated vehicle is CONFLICT:
 * deallocate first); an allocated vehicle cannot become MAINTENANCE or RETIRED; deallocating a vehicle that is not
 * allocated is CONFLICT. service.ts checks the coverage record and saves around them.
 */
export interface AllocationView {
  status: string;
  allocation?: Pick<VehicleAllocation, 'type' | 'id'> | null;
}

/** Statuses an allocated vehicle may not take. */
const OUT_OF_SERVICE = ['MAINTENANCE', 'RETIRED'];
/** Statuses from which a vehicle may be allocated. */
const ALLOCATABLE = ['INACTIVE', 'ACTIVE'];

/** A status change of an allocated vehicle to MAINTENANCE or RETIRED is CONFLICT on `status`. */
export function checkStatusChange(v: AllocationView, status: string | null | undefined): void {
  if (status && OUT_OF_SERVICE.includes(status) && v.allocation) {
    throw new AppError('CONFLICT', `status: a vehicle allocated to a service cannot become ${status}; deallocate it first`, 'status');
  }
}

/** Only an INACTIVE or ACTIVE vehicle that is not allocated yet can be allocated (else CONFLICT). */
export function checkAllocatable(v: AllocationView): void {
  if (!ALLOCATABLE.includes(v.status)) throw new AppError('CONFLICT', `A ${v.status} vehicle cannot be allocated`);
  if (v.allocation) throw new AppError('CONFLICT', `Vehicle is already allocated to ${v.allocation.type} ${v.allocation.id}; deallocate it first`);
}

/** Only an allocated vehicle can be deallocated (else CONFLICT). */
export function checkDeallocatable(v: AllocationView): void {
  if (!v.allocation) throw new AppError('CONFLICT', 'Vehicle is not allocated');
}
