import type { ComponentProps } from 'react'

// Brand marks are not in lucide; these are simplified single-path versions.
type IconProps = ComponentProps<'svg'>

export function GitHubIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M12 .5a11.5 11.5 0 0 0-3.64 22.41c.58.1.79-.25.79-.56v-2c-3.2.7-3.88-1.37-3.88-1.37-.52-1.33-1.28-1.69-1.28-1.69-1.05-.71.08-.7.08-.7 1.16.08 1.77 1.19 1.77 1.19 1.03 1.77 2.7 1.26 3.36.96.1-.75.4-1.26.73-1.55-2.55-.29-5.24-1.28-5.24-5.69 0-1.26.45-2.28 1.19-3.09-.12-.29-.52-1.46.11-3.05 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.63 1.59.23 2.76.11 3.05.74.81 1.19 1.83 1.19 3.09 0 4.42-2.69 5.39-5.26 5.68.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 12 .5Z" />
    </svg>
  )
}

export function LinuxDoIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" {...props}>
      <clipPath id="linuxdo-clip">
        <circle cx="12" cy="12" r="10.5" />
      </clipPath>
      <g clipPath="url(#linuxdo-clip)">
        <rect x="0" y="0" width="24" height="8" fill="#1c1c1e" />
        <rect x="0" y="8" width="24" height="8" fill="#f0f0f0" />
        <rect x="0" y="16" width="24" height="8" fill="#ffb003" />
      </g>
      <circle cx="12" cy="12" r="10.5" fill="none" stroke="currentColor" strokeOpacity=".15" />
    </svg>
  )
}

export function WeChatIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M9.1 3.5C4.9 3.5 1.5 6.3 1.5 9.8c0 2 1.1 3.7 2.8 4.9l-.7 2.1 2.5-1.3c.9.3 1.9.4 3 .4h.5a5.6 5.6 0 0 1-.2-1.5c0-3.4 3.2-6.1 7.2-6.1h.5c-.7-2.7-3.7-4.8-7-4.8Zm-2.5 3.7a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Zm5 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Zm4.9 2.6c-3.5 0-6.3 2.3-6.3 5.2s2.8 5.2 6.3 5.2c.8 0 1.5-.1 2.2-.3l2 1.1-.5-1.8c1.5-1 2.5-2.5 2.5-4.2 0-2.9-2.8-5.2-6.2-5.2Zm-2.1 2.8a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Zm4.2 0a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Z" />
    </svg>
  )
}

export function TelegramIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M21.9 4.3 18.7 19.4c-.2 1.1-.9 1.3-1.8.8l-4.9-3.6-2.4 2.3c-.3.3-.5.5-1 .5l.3-5 9.2-8.3c.4-.4-.1-.6-.6-.2L6.1 13 1.3 11.5c-1-.3-1.1-1 .2-1.5L20.5 2.8c.9-.3 1.7.2 1.4 1.5Z" />
    </svg>
  )
}
