/** How the console names a collaborator. */
export function fullName(person: { firstname: string; lastname: string }): string {
  return `${person.firstname} ${person.lastname}`.trim();
}

export function initials(person: { firstname: string; lastname: string }): string {
  return `${person.firstname.charAt(0)}${person.lastname.charAt(0)}`.toUpperCase();
}
