import { LOGIN_AS_MSG } from '../../../../events/session/decider';
import { USER_RULE_MSG } from '../../../../events/record/user';
/** The Spanish messages of the users administration (seed 000 §2, /users). */
export const USER_MSG = {
  emailRequired: 'El correo es obligatorio para usuarios del sistema',
  emailTaken: USER_RULE_MSG.emailTaken,
  roleMissing: 'El perfil no existe o está desactivado',
  roleRequired: 'Seleccione un perfil',
  rootRoleOnlyRoot: 'Solo el usuario root puede asignar el perfil root',
  protectedRole: 'No se puede cambiar el perfil de un usuario protegido',
  rootOnly: 'Solo el usuario root puede modificar al usuario root',
  lastRoot: USER_RULE_MSG.lastRoot,
  datesOrder: 'La fecha de salida no puede ser anterior a la fecha de ingreso',
  obraMissing: USER_RULE_MSG.obraMissing,
  workerPassword: 'Los trabajadores sin acceso al sistema no tienen contraseña',
  empresaRequired: 'Seleccione una empresa',
  obraRequired: 'Seleccione una obra',
  empresaMissing: USER_RULE_MSG.empresaMissing,
  obraNotOfEmpresa: USER_RULE_MSG.obraNotOfEmpresa,
  obraAlreadyAssigned: USER_RULE_MSG.obraAlreadyAssigned,
  noObrasForAdmin: USER_RULE_MSG.noObrasForAdmin,
  noObrasForRoot: USER_RULE_MSG.noObrasForRoot,
  loginAsOnlyAdmins: 'Solo los perfiles root y administrador pueden iniciar sesión como otro usuario',
  loginAsRoot: LOGIN_AS_MSG.root,
  loginAsNoAccess: LOGIN_AS_MSG.noAccess,
  loginAsDisabled: LOGIN_AS_MSG.disabled,
  loginAsSelf: LOGIN_AS_MSG.self,
} as const;
