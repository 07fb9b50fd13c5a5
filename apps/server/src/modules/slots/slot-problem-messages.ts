// English texts for the shared slot rules (the web app shows its own translations of the
// same codes before anything is sent; these reach API users and the error banner).
import type { SlotField, SlotProblemCode, SlotProblems } from '@boats/domain/schemas/slot';

type SlotRulesOfBoat = {
  minDurationHours: number;
  maxDurationHours: number;
  capacity: number;
  sharedMinSeatsToDepart: number;
};

export function slotProblemText(field: SlotField, code: SlotProblemCode, boat: SlotRulesOfBoat): string {
  switch (code) {
    case 'endBeforeStart':
      return 'End time must be later than start';
    case 'inPast':
      return 'A slot cannot start in the past (Canary time)';
    case 'tooShort':
      return `The slot is shorter than the boat's minimum of ${boat.minDurationHours} h`;
    case 'tooLong':
      return `The slot is longer than the boat's maximum of ${boat.maxDurationHours} h`;
    case 'overlaps':
      return 'The slot overlaps another slot of this boat';
    case 'seatsRequired':
      return 'A shared slot needs at least 1 seat';
    case 'aboveCapacity':
      return `A shared slot cannot have more seats than the boat's capacity of ${boat.capacity}`;
    case 'belowMinimum':
      return `A shared trip of this boat needs at least ${boat.sharedMinSeatsToDepart} seats: its minimum to depart`;
    case 'negativePrice':
      return `The ${field === 'seatPrice' ? 'seat price' : field} cannot be negative`;
  }
}

export function slotProblemsText(problems: SlotProblems, boat: SlotRulesOfBoat): string {
  return (Object.entries(problems) as [SlotField, SlotProblemCode][])
    .map(([field, code]) => slotProblemText(field, code, boat))
    .join('. ');
}
