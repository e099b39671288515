import { defineEntity } from '../../entity.ts';

export const booking = defineEntity({ name: 'Booking', route: 'accounting/bookings', prefix: 'BK' });
