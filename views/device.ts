/** Mobile or touch devices get the mobile layout (spec §2); detected from the user agent or display=touch. */
export function layoutFor(userAgent: string, display: string | undefined): 'desktop' | 'mobile' {
  if (display === 'touch' || display === 'mobile') return 'mobile';
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent) ? 'mobile' : 'desktop';
}
