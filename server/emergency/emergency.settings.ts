/** E911 settings (docs/emergency-address.md "Server"); tests pass their own through createApp. */
export interface EmergencySettings {
  /**
   * The address verification version in force. A device record confirmed under an older one must be
   * edited or confirmed again (spec §4, §8 'Emergency address verification process has been updated').
   */
  currentVerificationVersion: number;
  /** Spec §4, §9: 'A new address may take up to 48 hours or more to take effect'. */
  takesEffectWithinHours: number;
}

export const DEFAULT_EMERGENCY_SETTINGS: EmergencySettings = {
  currentVerificationVersion: 2,
  takesEffectWithinHours: 48,
};
