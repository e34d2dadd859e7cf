-- Starting values of the editable lookups: film, TV, commercial and theatre casting.
--> statement-breakpoint
INSERT INTO "lookup_values" ("id", "lookup", "name", "position") VALUES
  (gen_random_uuid(), 'project-types', 'Feature Film', 0),
  (gen_random_uuid(), 'project-types', 'Television Series', 1),
  (gen_random_uuid(), 'project-types', 'Limited Series', 2),
  (gen_random_uuid(), 'project-types', 'Pilot', 3),
  (gen_random_uuid(), 'project-types', 'Short Film', 4),
  (gen_random_uuid(), 'project-types', 'Commercial', 5),
  (gen_random_uuid(), 'project-types', 'Music Video', 6),
  (gen_random_uuid(), 'project-types', 'Theatre', 7),
  (gen_random_uuid(), 'project-types', 'Musical Theatre', 8),
  (gen_random_uuid(), 'project-types', 'Web Series', 9),
  (gen_random_uuid(), 'project-types', 'Voice Over', 10),
  (gen_random_uuid(), 'project-types', 'Video Game', 11),
  (gen_random_uuid(), 'project-types', 'Industrial / Corporate', 12),
  (gen_random_uuid(), 'project-types', 'Print / Photo Shoot', 13),
  (gen_random_uuid(), 'project-types', 'Documentary', 14),
  (gen_random_uuid(), 'project-types', 'Student Film', 15);
--> statement-breakpoint
INSERT INTO "lookup_values" ("id", "lookup", "name", "position") VALUES
  (gen_random_uuid(), 'union', 'SAG-AFTRA', 0),
  (gen_random_uuid(), 'union', 'Non-Union', 1),
  (gen_random_uuid(), 'union', 'SAG-AFTRA and Non-Union', 2),
  (gen_random_uuid(), 'union', 'SAG-AFTRA Eligible', 3),
  (gen_random_uuid(), 'union', 'AEA (Actors'' Equity)', 4),
  (gen_random_uuid(), 'union', 'AGVA', 5),
  (gen_random_uuid(), 'union', 'ACTRA', 6),
  (gen_random_uuid(), 'union', 'UK Equity', 7);
--> statement-breakpoint
INSERT INTO "lookup_values" ("id", "lookup", "name", "position") VALUES
  (gen_random_uuid(), 'project-status', 'In Development', 0),
  (gen_random_uuid(), 'project-status', 'Casting', 1),
  (gen_random_uuid(), 'project-status', 'Callbacks', 2),
  (gen_random_uuid(), 'project-status', 'On Hold', 3),
  (gen_random_uuid(), 'project-status', 'Cast', 4),
  (gen_random_uuid(), 'project-status', 'In Production', 5),
  (gen_random_uuid(), 'project-status', 'Wrapped', 6),
  (gen_random_uuid(), 'project-status', 'Cancelled', 7);
--> statement-breakpoint
INSERT INTO "lookup_values" ("id", "lookup", "name", "position") VALUES
  (gen_random_uuid(), 'regions', 'Los Angeles', 0),
  (gen_random_uuid(), 'regions', 'New York', 1),
  (gen_random_uuid(), 'regions', 'Atlanta', 2),
  (gen_random_uuid(), 'regions', 'Chicago', 3),
  (gen_random_uuid(), 'regions', 'New Mexico', 4),
  (gen_random_uuid(), 'regions', 'Texas', 5),
  (gen_random_uuid(), 'regions', 'Louisiana', 6),
  (gen_random_uuid(), 'regions', 'Florida', 7),
  (gen_random_uuid(), 'regions', 'Vancouver', 8),
  (gen_random_uuid(), 'regions', 'Toronto', 9),
  (gen_random_uuid(), 'regions', 'London', 10),
  (gen_random_uuid(), 'regions', 'Nationwide (US)', 11),
  (gen_random_uuid(), 'regions', 'Worldwide', 12);
--> statement-breakpoint
INSERT INTO "lookup_values" ("id", "lookup", "name", "position") VALUES
  (gen_random_uuid(), 'role-types', 'Lead', 0),
  (gen_random_uuid(), 'role-types', 'Series Regular', 1),
  (gen_random_uuid(), 'role-types', 'Recurring', 2),
  (gen_random_uuid(), 'role-types', 'Supporting', 3),
  (gen_random_uuid(), 'role-types', 'Guest Star', 4),
  (gen_random_uuid(), 'role-types', 'Co-Star', 5),
  (gen_random_uuid(), 'role-types', 'Day Player', 6),
  (gen_random_uuid(), 'role-types', 'Featured', 7),
  (gen_random_uuid(), 'role-types', 'Background', 8),
  (gen_random_uuid(), 'role-types', 'Principal (Commercial)', 9),
  (gen_random_uuid(), 'role-types', 'Voice', 10),
  (gen_random_uuid(), 'role-types', 'Understudy', 11),
  (gen_random_uuid(), 'role-types', 'Ensemble', 12),
  (gen_random_uuid(), 'role-types', 'Swing', 13),
  (gen_random_uuid(), 'role-types', 'Stand-In', 14),
  (gen_random_uuid(), 'role-types', 'Stunt', 15);
--> statement-breakpoint
INSERT INTO "lookup_values" ("id", "lookup", "name", "position") VALUES
  (gen_random_uuid(), 'role-genders', 'Female', 0),
  (gen_random_uuid(), 'role-genders', 'Male', 1),
  (gen_random_uuid(), 'role-genders', 'Non-binary', 2),
  (gen_random_uuid(), 'role-genders', 'Transgender Female', 3),
  (gen_random_uuid(), 'role-genders', 'Transgender Male', 4),
  (gen_random_uuid(), 'role-genders', 'Gender Non-conforming', 5),
  (gen_random_uuid(), 'role-genders', 'Any Gender', 6);
--> statement-breakpoint
INSERT INTO "lookup_values" ("id", "lookup", "name", "position") VALUES
  (gen_random_uuid(), 'ethnic-appearances', 'Any Ethnicity', 0),
  (gen_random_uuid(), 'ethnic-appearances', 'Black / African American', 1),
  (gen_random_uuid(), 'ethnic-appearances', 'East Asian', 2),
  (gen_random_uuid(), 'ethnic-appearances', 'South Asian', 3),
  (gen_random_uuid(), 'ethnic-appearances', 'Southeast Asian', 4),
  (gen_random_uuid(), 'ethnic-appearances', 'Hispanic / Latinx', 5),
  (gen_random_uuid(), 'ethnic-appearances', 'Middle Eastern / North African', 6),
  (gen_random_uuid(), 'ethnic-appearances', 'Native American / Indigenous', 7),
  (gen_random_uuid(), 'ethnic-appearances', 'Pacific Islander', 8),
  (gen_random_uuid(), 'ethnic-appearances', 'White / Caucasian', 9),
  (gen_random_uuid(), 'ethnic-appearances', 'Multiracial', 10);
--> statement-breakpoint
INSERT INTO "lookup_values" ("id", "lookup", "name", "position") VALUES
  (gen_random_uuid(), 'role-background', 'Athletic', 0),
  (gen_random_uuid(), 'role-background', 'Dancer', 1),
  (gen_random_uuid(), 'role-background', 'Singer', 2),
  (gen_random_uuid(), 'role-background', 'Musician', 3),
  (gen_random_uuid(), 'role-background', 'Military', 4),
  (gen_random_uuid(), 'role-background', 'Medical Professional', 5),
  (gen_random_uuid(), 'role-background', 'Law Enforcement', 6),
  (gen_random_uuid(), 'role-background', 'Martial Arts', 7),
  (gen_random_uuid(), 'role-background', 'Equestrian', 8),
  (gen_random_uuid(), 'role-background', 'Stunt Experience', 9);
--> statement-breakpoint
INSERT INTO "lookup_values" ("id", "lookup", "name", "position") VALUES
  (gen_random_uuid(), 'project-lookingfor', 'Actors', 0),
  (gen_random_uuid(), 'project-lookingfor', 'Models', 1),
  (gen_random_uuid(), 'project-lookingfor', 'Dancers', 2),
  (gen_random_uuid(), 'project-lookingfor', 'Singers', 3),
  (gen_random_uuid(), 'project-lookingfor', 'Musicians', 4),
  (gen_random_uuid(), 'project-lookingfor', 'Voice Actors', 5),
  (gen_random_uuid(), 'project-lookingfor', 'Comedians', 6),
  (gen_random_uuid(), 'project-lookingfor', 'Stunt Performers', 7),
  (gen_random_uuid(), 'project-lookingfor', 'Background Performers', 8),
  (gen_random_uuid(), 'project-lookingfor', 'Kids & Teens', 9),
  (gen_random_uuid(), 'project-lookingfor', 'Real People', 10),
  (gen_random_uuid(), 'project-lookingfor', 'Hosts & Presenters', 11);
--> statement-breakpoint
INSERT INTO "lookup_values" ("id", "lookup", "name", "position") VALUES
  (gen_random_uuid(), 'geographic', 'Local Hire Only', 0),
  (gen_random_uuid(), 'geographic', 'Local to Los Angeles', 1),
  (gen_random_uuid(), 'geographic', 'Local to New York', 2),
  (gen_random_uuid(), 'geographic', 'Local to Atlanta', 3),
  (gen_random_uuid(), 'geographic', 'Travel and Lodging Provided', 4),
  (gen_random_uuid(), 'geographic', 'Self-Tapes Accepted Nationwide', 5);
--> statement-breakpoint
INSERT INTO "lookup_values" ("id", "lookup", "name", "position") VALUES
  (gen_random_uuid(), 'ethnicities', 'Black / African American', 0),
  (gen_random_uuid(), 'ethnicities', 'East Asian', 1),
  (gen_random_uuid(), 'ethnicities', 'South Asian', 2),
  (gen_random_uuid(), 'ethnicities', 'Southeast Asian', 3),
  (gen_random_uuid(), 'ethnicities', 'Hispanic / Latinx', 4),
  (gen_random_uuid(), 'ethnicities', 'Middle Eastern / North African', 5),
  (gen_random_uuid(), 'ethnicities', 'Native American / Indigenous', 6),
  (gen_random_uuid(), 'ethnicities', 'Pacific Islander', 7),
  (gen_random_uuid(), 'ethnicities', 'White / Caucasian', 8),
  (gen_random_uuid(), 'ethnicities', 'Multiracial', 9),
  (gen_random_uuid(), 'ethnicities', 'Prefer not to say', 10);
--> statement-breakpoint
INSERT INTO "lookup_values" ("id", "lookup", "name", "position") VALUES
  (gen_random_uuid(), 'skills', 'Accents & Dialects', 0),
  (gen_random_uuid(), 'skills', 'Improvisation', 1),
  (gen_random_uuid(), 'skills', 'Stage Combat', 2),
  (gen_random_uuid(), 'skills', 'Horseback Riding', 3),
  (gen_random_uuid(), 'skills', 'Swimming', 4),
  (gen_random_uuid(), 'skills', 'Ballet', 5),
  (gen_random_uuid(), 'skills', 'Contemporary Dance', 6),
  (gen_random_uuid(), 'skills', 'Hip Hop Dance', 7),
  (gen_random_uuid(), 'skills', 'Tap Dance', 8),
  (gen_random_uuid(), 'skills', 'Singing (Soprano)', 9),
  (gen_random_uuid(), 'skills', 'Singing (Alto)', 10),
  (gen_random_uuid(), 'skills', 'Singing (Tenor)', 11),
  (gen_random_uuid(), 'skills', 'Singing (Baritone)', 12),
  (gen_random_uuid(), 'skills', 'Guitar', 13),
  (gen_random_uuid(), 'skills', 'Piano', 14),
  (gen_random_uuid(), 'skills', 'Drums', 15),
  (gen_random_uuid(), 'skills', 'Skateboarding', 16),
  (gen_random_uuid(), 'skills', 'Martial Arts', 17),
  (gen_random_uuid(), 'skills', 'American Sign Language', 18),
  (gen_random_uuid(), 'skills', 'Stick-Shift Driving', 19),
  (gen_random_uuid(), 'skills', 'Motorcycle License', 20),
  (gen_random_uuid(), 'skills', 'Juggling', 21);
--> statement-breakpoint
INSERT INTO "lookup_values" ("id", "lookup", "name", "position") VALUES
  (gen_random_uuid(), 'appearances', 'Athletic Build', 0),
  (gen_random_uuid(), 'appearances', 'Tall', 1),
  (gen_random_uuid(), 'appearances', 'Petite', 2),
  (gen_random_uuid(), 'appearances', 'Tattoos', 3),
  (gen_random_uuid(), 'appearances', 'Piercings', 4),
  (gen_random_uuid(), 'appearances', 'Freckles', 5),
  (gen_random_uuid(), 'appearances', 'Shaved Head', 6),
  (gen_random_uuid(), 'appearances', 'Full Beard', 7),
  (gen_random_uuid(), 'appearances', 'Long Hair', 8),
  (gen_random_uuid(), 'appearances', 'Red Hair', 9),
  (gen_random_uuid(), 'appearances', 'Grey Hair', 10),
  (gen_random_uuid(), 'appearances', 'Glasses', 11),
  (gen_random_uuid(), 'appearances', 'Twins', 12);
