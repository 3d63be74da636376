; Inno Setup script for the TapDesk Windows installer (Inno Setup 6.3 or later).
;
; Built by .github/workflows/release.yml on windows-latest, after PyInstaller has made
; dist\tapdesk\ (packaging\tapdesk.spec) and make_ico.py has made tapdesk.ico:
;
;   iscc /DAppVersion=1.0.0 packaging\windows\tapdesk.iss
;
; The version is never written here: the workflow passes tapdesk.__version__.
; Output: dist\release\tapdesk-VERSION-windows-x64-setup.exe
;
; The installer asks whether to install for the current user only (no administrator
; rights; %LOCALAPPDATA%\Programs\TapDesk) or for all users (Program Files); /CURRENTUSER
; and /ALLUSERS choose on the command line, e.g. for a silent deployment:
;   tapdesk-1.0.0-windows-x64-setup.exe /VERYSILENT /ALLUSERS
; HKA below is HKEY_LOCAL_MACHINE for an all-users install and HKEY_CURRENT_USER otherwise.

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=X.Y.Z packaging\windows\tapdesk.iss
#endif
; the file version takes numbers only: a development build (AppVersion 1.1.0.dev0) passes
; /DFileVersion=1.1.0, the release it leads to
#ifndef FileVersion
  #define FileVersion AppVersion
#endif

#define AppName "TapDesk"
#define ProgId "TapDesk.Project"
; the windowed program (no console window): Start menu, desktop icon and .tapdesk files
#define AppExe "tapdeskw.exe"
#define SourceRoot "..\.."

[Setup]
; AppId identifies TapDesk for upgrades and uninstall: never change it.
AppId={{3C7DC7BB-0855-44AB-AA8A-4B6C4E31140E}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The TapDesk team
AppComments=Rater agreement analysis, offline
VersionInfoVersion={#FileVersion}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog commandline
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
LicenseFile={#SourceRoot}\LICENSE
SetupIconFile=tapdesk.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName} {#AppVersion}
ChangesAssociations=yes
OutputDir={#SourceRoot}\dist\release
OutputBaseFilename=tapdesk-{#AppVersion}-windows-x64-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceRoot}\dist\tapdesk\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
Source: "{#SourceRoot}\LICENSE"; DestDir: "{app}"; DestName: "LICENSE.txt"; Flags: ignoreversion

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"; Comment: "Rater agreement analysis"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; Every entry is removed again on uninstall (uninsdeletekey, or uninsdeletevalue for a value in a
; key shared with other programs); .github/workflows/release.yml checks it after a silent uninstall.
; .tapdesk projects open in TapDesk (double click, "Open with").
Root: HKA; Subkey: "Software\Classes\.tapdesk"; ValueType: string; ValueName: ""; ValueData: "{#ProgId}"; Flags: uninsdeletevalue uninsdeletekeyifempty
Root: HKA; Subkey: "Software\Classes\.tapdesk\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue uninsdeletekeyifempty
Root: HKA; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "TapDesk project"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""; Flags: uninsdeletekey
; TapDesk is offered under "Open with" for the files of packaging/platform_choices.py OPEN_WITH
; (the same set as on Linux and macOS), without taking the data files over.
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}"; ValueType: string; ValueName: "FriendlyAppName"; ValueData: "{#AppName}"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".tapdesk"; ValueData: ""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".csv"; ValueData: ""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".tsv"; ValueData: ""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".xlsx"; ValueData: ""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".xls"; ValueData: ""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".ods"; ValueData: ""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".sav"; ValueData: ""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".dta"; ValueData: ""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\.csv\OpenWithList\{#AppExe}"; ValueType: none; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\.tsv\OpenWithList\{#AppExe}"; ValueType: none; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\.xlsx\OpenWithList\{#AppExe}"; ValueType: none; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\.xls\OpenWithList\{#AppExe}"; ValueType: none; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\.ods\OpenWithList\{#AppExe}"; ValueType: none; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\.sav\OpenWithList\{#AppExe}"; ValueType: none; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\.dta\OpenWithList\{#AppExe}"; ValueType: none; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
