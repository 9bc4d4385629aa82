import type { SnapshotFrom } from 'xstate';
import { type pickerMachine, rowsOf } from '../../machines/picker/picker.machine.ts';
import type { PickerEvent } from '../../machines/picker/picker.types.ts';
import { flowHooks } from '../flowHooks.ts';

type PickerSnapshot = SnapshotFrom<typeof pickerMachine>;

/** The account picker's pages read the picker flow (machines/picker/), which the sign-in machine runs as `picker`. */
export const {
  useFlow: usePicker,
  useFlowSend: usePickerSend,
  useFlowTag: usePickerTag,
} = flowHooks<PickerSnapshot, PickerEvent>('picker');

/** The picker's rows (none while its chunk loads); compare by value, it is a new list each time. */
export const pickerRowsOf = (flow: PickerSnapshot | undefined) => (flow ? rowsOf(flow.context) : []);
