; Inno Setup script for the Windows installer of Tute (Inno Setup 6.3 or later; also 7).
;
; Build dist\Tute first (pyinstaller --noconfirm build_exe.spec), then, from the repository root:
;   iscc installer\windows\tute.iss
; which writes dist\Tute-<version>-setup.exe. The version is read from Tute.exe's version
; resource (build_exe.spec writes it from tute.__version__). Defines that change the build:
;   /DAppVersion=X.Y.Z     the version, instead of Tute.exe's
;   /DAppDir=FOLDER        the frozen app to package, instead of dist\Tute
;   /DInstallDir=FOLDER    where it installs, instead of {autopf}\Tute; tools/build_windows.sh
;                          passes {localappdata}\Programs\Tute for its test install under
;                          Wine, which cannot expand {autopf} (FOLDERID_UserProgramFiles)
; and ISCC's own /O (output folder) and /F (file name).
;
; The installer needs no administrator rights: it installs for the current user only, under
; %LOCALAPPDATA%\Programs\Tute. Uninstalling keeps the player's settings, statistics and saved
; match (platformdirs' folder %LOCALAPPDATA%\tute) unless the player asks to delete them.
; The file is UTF-8 with a byte-order mark, as Inno Setup wants for non-ASCII text.

#define AppName "Tute"
#define AppExe "Tute.exe"
#ifndef AppDir
  ; SourcePath is the folder of this script; the app is in the repository's dist folder.
  #define AppDir AddBackslash(SourcePath) + "..\..\dist\Tute"
#endif
#if !FileExists(AppDir + "\" + AppExe)
  #error Tute.exe is missing from the app folder: run pyinstaller --noconfirm build_exe.spec first
#endif
#ifndef AppVersion
  #define AppVersion GetStringFileInfo(AppDir + "\" + AppExe, "ProductVersion")
#endif
#if AppVersion == ""
  #error Tute.exe has no ProductVersion in its version resource: pass /DAppVersion=X.Y.Z
#endif
#ifndef InstallDir
  ; With PrivilegesRequired=lowest, {autopf} is the user's own %LOCALAPPDATA%\Programs.
  #define InstallDir "{autopf}\" + AppName
#endif

[Setup]
; Identifies the app for upgrades and the uninstaller: never change it.
AppId={{AF6CD9F9-F3B4-4E14-9094-7A06E82A7D8B}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher={#AppName}
PrivilegesRequired=lowest
DefaultDirName={#InstallDir}
DisableProgramGroupPage=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist
OutputBaseFilename={#AppName}-{#AppVersion}-setup
SetupIconFile=..\..\assets\icon\tute.ico
UninstallDisplayIcon={app}\{#AppExe}
WizardStyle=modern
Compression=lzma2/max
SolidCompression=yes
ShowLanguageDialog=auto

[Languages]
; The first entry is used when the system's language is none of these.
Name: "es"; MessagesFile: "compiler:Languages\Spanish.isl"
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "ca"; MessagesFile: "compiler:Languages\Catalan.isl"

[CustomMessages]
es.DeleteSaves=¿Quieres borrar también tu configuración, tus estadísticas y la partida guardada?%n%n%1
en.DeleteSaves=Do you also want to delete your settings, statistics and saved match?%n%n%1
ca.DeleteSaves=Vols esborrar també la configuració, les estadístiques i la partida desada?%n%n%1
; Speech through the screen reader (tute --speech; F2 in the game switches it).
es.WithSpeech=con voz
en.WithSpeech=with speech
ca.WithSpeech=amb veu

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#AppDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autoprograms}\{#AppName} ({cm:WithSpeech})"; Filename: "{app}\{#AppExe}"; Parameters: "--speech"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[Code]
{ After the program's files are gone, offer to delete the player's own files too. The answer
  defaults to No, and a silent uninstall never deletes them. }
procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
var
  DataDir: String;
begin
  if CurUninstallStep <> usPostUninstall then
    Exit;
  DataDir := ExpandConstant('{localappdata}\tute');
  if DirExists(DataDir) and not UninstallSilent then
    if MsgBox(FmtMessage(CustomMessage('DeleteSaves'), [DataDir]), mbConfirmation,
              MB_YESNO or MB_DEFBUTTON2) = IDYES then
      DelTree(DataDir, True, True, True);
end;
